<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/** A music channel of the catalogue, as GET /api/channels lists it. */
class Channel extends Model
{
    public $timestamps = false;

    protected $guarded = [];

    protected $casts = ['is_featured' => 'boolean', 'created_at' => 'datetime'];

    // The web app reads these too; a channel without images gets its default covers.
    protected $appends = ['channel_duration', 'image', 'image_url', 'landscape', 'landscape_url'];

    public function getChannelDurationAttribute(): int
    {
        return $this->duration;
    }

    public function getImageAttribute(): ?string
    {
        return null;
    }

    public function getImageUrlAttribute(): ?string
    {
        return null;
    }

    public function getLandscapeAttribute(): bool
    {
        return false;
    }

    public function getLandscapeUrlAttribute(): ?string
    {
        return null;
    }
}
