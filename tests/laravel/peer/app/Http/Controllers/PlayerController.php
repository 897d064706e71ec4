<?php

namespace App\Http\Controllers;

use App\Models\Player;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

/**
 * The shop's player lives on the server, in the database: every device (every session) of the
 * shop reads and changes the same row.
 */
class PlayerController
{
    /** GET /api/players */
    public function index(Request $request)
    {
        return response()->json(Player::query()->where('customer_id', $request->user()->customer_id)->orderBy('id')->get());
    }

    /** GET /api/players/{player}/toggle-play: 404 for a player of another shop. */
    public function togglePlay(Request $request, int $player)
    {
        $mine = fn () => Player::query()->where('customer_id', $request->user()->customer_id)->whereKey($player);
        // One statement, so two devices pressing at once each flip it once (the server runs workers).
        abort_if($mine()->update(['is_playing' => DB::raw('1 - is_playing')]) === 0, 404);

        return response()->json($mine()->firstOrFail());
    }
}
