<?php

namespace App\Http\Controllers;

use App\Models\Channel;

class ChannelController
{
    /** GET /api/channels: the catalogue, every shop sees the same. */
    public function index()
    {
        return response()->json(Channel::query()->orderBy('id')->get());
    }

    /**
     * GET /api/channels/{channel}/tracks/{page}: its tracks in order, Laravel's paginator as it is
     * (15 a page; a page past the end has an empty `data`); 404 for a channel that does not exist.
     */
    public function tracks(int $channel, int $page)
    {
        return response()->json(Channel::query()->findOrFail($channel)->tracks()->paginate(15, ['tracks.*'], 'page', $page));
    }
}
