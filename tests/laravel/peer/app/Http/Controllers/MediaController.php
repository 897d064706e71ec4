<?php

namespace App\Http\Controllers;

use App\Models\Track;

/**
 * GET /media/tracks/{track}?expires=…&signature=…: a track's MP3, for the audio element. The URL is
 * the signed one the API hands out (a bad or expired signature is a 403); there is no session and no
 * CORS header, as from a Laravel API that never thought of Web Audio. Range requests get their 206.
 */
class MediaController
{
    public function track(int $track)
    {
        $found = Track::query()->findOrFail($track);

        return response()->file($found->path(), ['Content-Type' => 'audio/mpeg']);
    }
}
