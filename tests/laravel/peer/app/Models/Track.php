<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Support\Facades\URL;

/**
 * A track as the tenant API sends it (SPEC.md §3): its audio is a signed, expiring URL on the peer
 * itself (routes/media.php), served without CORS headers and with no loudness figures, as a Laravel
 * API of the product serves them.
 */
class Track extends Model
{
    public $timestamps = false;

    protected $guarded = [];

    protected $hidden = ['file', 'pivot'];

    protected $casts = ['duration' => 'float'];

    protected $appends = ['name', 'url', 'image_thumbnail_url', 'formatted_duration'];

    /** How long a signed media URL is good for. */
    public const URL_HOURS = 6;

    /** The file name, which the web app shows (without .mp3) when the title is missing. */
    public function getNameAttribute(): string
    {
        return $this->file;
    }

    public function getUrlAttribute(): string
    {
        return URL::temporarySignedRoute('media.track', now()->addHours(self::URL_HOURS), ['track' => $this->id]);
    }

    public function getImageThumbnailUrlAttribute(): ?string
    {
        return null;
    }

    /** `m:ss`, or `h:mm:ss` from an hour. */
    public function getFormattedDurationAttribute(): string
    {
        $total = (int) round($this->duration);
        $h = intdiv($total, 3600);
        $m = intdiv($total % 3600, 60);
        $s = str_pad((string) ($total % 60), 2, '0', STR_PAD_LEFT);

        return $h > 0 ? sprintf('%d:%02d:%s', $h, $m, $s) : "$m:$s";
    }

    /** Whole seconds on the wire; the column keeps the file's true length. */
    public function toArray()
    {
        $array = parent::toArray();
        $array['duration'] = (int) round($this->duration);

        return $array;
    }

    /** The audio file on disk. */
    public function path(): string
    {
        return storage_path('app/tracks/'.$this->file);
    }
}
