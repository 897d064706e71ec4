<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/**
 * A shop's player (SPEC.md §3): what it plays (a channel and a track in it), whether it plays, and
 * which device login outputs the music (`session_id`, a Laravel session id as /api/me gives it).
 */
class Player extends Model
{
    public $timestamps = false;

    protected $guarded = [];

    protected $hidden = ['customer_id', 'track_id', 'trackModel', 'channel'];

    protected $casts = [
        'is_repeat' => 'boolean',
        'is_random' => 'boolean',
        'is_playing' => 'boolean',
        'current_time' => 'float',
        'volume' => 'integer',
        'playable_id' => 'integer',
    ];

    protected $appends = ['track', 'playable'];

    public function trackModel()
    {
        return $this->belongsTo(Track::class, 'track_id');
    }

    public function channel()
    {
        return $this->belongsTo(Channel::class, 'playable_id');
    }

    /** The track it plays, with a fresh signed URL; null when nothing is loaded. */
    public function getTrackAttribute(): ?Track
    {
        return $this->track_id === null ? null : $this->trackModel;
    }

    /** `{type, id, name}` of what it plays; only channels here. */
    public function getPlayableAttribute(): ?array
    {
        $channel = $this->playable_type === Channel::MORPH ? $this->channel : null;

        return $channel ? ['type' => Channel::MORPH, 'id' => $channel->id, 'name' => $channel->name] : null;
    }
}
