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
}
