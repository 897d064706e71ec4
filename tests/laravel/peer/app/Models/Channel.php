<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/** A music channel of the catalogue, as GET /api/channels lists it. */
class Channel extends Model
{
    /** The morph class a player names it by (`playable_type`), as Laravel stores it. */
    public const MORPH = 'App\\Models\\Channel';

    public $timestamps = false;

    protected $guarded = [];

    protected $casts = ['is_featured' => 'boolean', 'created_at' => 'datetime'];

    // The web app reads these too; a channel without images gets its default covers.
    protected $appends = ['channel_duration', 'image', 'image_url', 'landscape', 'landscape_url'];

    /** Its tracks in the channel's order. */
    public function tracks()
    {
        return $this->belongsToMany(Track::class)->withPivot('position')->orderBy('channel_track.position');
    }

    /** @return int[] the ids of its tracks, in order */
    public function trackIds(): array
    {
        return $this->tracks()->pluck('tracks.id')->map(fn ($id) => (int) $id)->all();
    }

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
