<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/** A shop's player. Nothing is loaded into it here: no track, nothing playable. */
class Player extends Model
{
    public $timestamps = false;

    protected $guarded = [];

    protected $hidden = ['customer_id'];

    protected $casts = ['is_repeat' => 'boolean', 'is_random' => 'boolean', 'is_playing' => 'boolean', 'current_time' => 'float', 'volume' => 'integer'];

    protected $appends = ['session_id', 'track', 'playable', 'playable_type', 'playable_id'];

    public function getSessionIdAttribute(): ?string
    {
        return null;
    }

    public function getTrackAttribute()
    {
        return null;
    }

    public function getPlayableAttribute()
    {
        return null;
    }

    public function getPlayableTypeAttribute(): ?string
    {
        return null;
    }

    public function getPlayableIdAttribute(): ?int
    {
        return null;
    }
}
