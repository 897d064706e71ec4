<?php

namespace App\Http\Controllers;

use App\Models\Channel;
use App\Models\Player;
use App\Models\Track;
use App\Models\User;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;
use Illuminate\Support\Facades\Validator;
use Illuminate\Validation\ValidationException;

/**
 * The shop's player lives on the server, in the database: every device (every session) of the
 * shop reads and changes the same row, and each call answers the whole player. The music sounds on
 * one device, the login the player names in `session_id`: a device that starts the music takes it
 * when no logged-in device holds it.
 */
class PlayerController
{
    /** The texts the web app shows for a refused value (the bundled API's). */
    private const MESSAGES = [
        'volume' => 'A hangerő 0 és 100 közötti szám lehet.',
        'time' => 'A lejátszási pozíció nem negatív szám lehet.',
        'track' => 'A kiválasztott dal nem található.',
        'trackNotInPlayable' => 'A kiválasztott dal nem található ebben a listában.',
    ];

    /** GET /api/players */
    public function index(Request $request)
    {
        return response()->json(Player::query()->where('customer_id', $request->user()->customer_id)->orderBy('id')->get());
    }

    /** GET /api/players/{player}/toggle-play: pauses, or plays (the playable's first track if none is loaded). */
    public function togglePlay(Request $request, int $player)
    {
        return $this->change($request, $player, function (Player $p) use ($request) {
            if ($p->is_playing) {
                return ['is_playing' => false];
            }
            $start = [];
            if ($p->track_id === null) {
                $first = $this->trackIds($p)[0] ?? null;
                if ($first === null) {
                    return []; // nothing to play
                }
                $start = ['track_id' => $first, 'current_time' => 0];
            }

            return $start + ['is_playing' => true, 'session_id' => $this->ownerAfterPlay($request, $p)];
        });
    }

    /**
     * GET /api/players/{player}/next: the playable's next track (a random other one when shuffling).
     * After the last one it starts over, but stops playing unless repeat is on.
     */
    public function next(Request $request, int $player)
    {
        return $this->change($request, $player, function (Player $p) {
            $ids = $this->trackIds($p);
            if (! $ids) {
                return [];
            }
            $at = array_search($p->track_id, $ids, true);
            if ($p->is_random && count($ids) > 1) {
                $others = array_values(array_diff($ids, [$p->track_id]));

                return ['track_id' => $others[array_rand($others)], 'current_time' => 0];
            }
            $wrapped = $at !== false && $at + 1 >= count($ids);
            $next = $at === false || $wrapped ? 0 : $at + 1;

            return ['track_id' => $ids[$next], 'current_time' => 0] + ($wrapped && ! $p->is_repeat ? ['is_playing' => false] : []);
        });
    }

    /** GET /api/players/{player}/next/tracks/{track}: plays that track of the playable (404 for one not in it). */
    public function jumpToTrack(Request $request, int $player, int $track)
    {
        return $this->change($request, $player, function (Player $p) use ($request, $track) {
            abort_unless(in_array($track, $this->trackIds($p), true), 404);

            return ['track_id' => $track, 'current_time' => 0, 'is_playing' => true, 'session_id' => $this->ownerAfterPlay($request, $p)];
        });
    }

    /**
     * GET /api/players/{player}/load-track: the track again, with a fresh media URL (every answer signs
     * anew); a track no longer in the playable gives way to its first one.
     */
    public function loadTrack(Request $request, int $player)
    {
        return $this->change($request, $player, function (Player $p) {
            $ids = $this->trackIds($p);
            if ($p->track_id !== null && in_array((int) $p->track_id, $ids, true)) {
                return [];
            }

            return $ids ? ['track_id' => $ids[0], 'current_time' => 0] : ['track_id' => null, 'is_playing' => false];
        });
    }

    /** POST /api/players/{player}/update-volume {currentTime?, volume?}: the position (a seek) and the volume. */
    public function updateVolume(Request $request, int $player)
    {
        $input = $request->validate([
            'volume' => ['required_without:currentTime', 'nullable', 'numeric', 'min:0', 'max:100'],
            'currentTime' => ['nullable', 'numeric', 'min:0', 'max:86400'],
        ], $this->fieldMessages('volume', self::MESSAGES['volume']) + $this->fieldMessages('currentTime', self::MESSAGES['time']));

        return $this->change($request, $player, function (Player $p) use ($input) {
            $values = [];
            if (isset($input['volume'])) {
                $values['volume'] = (int) round($input['volume']);
            }
            if (isset($input['currentTime'])) {
                $values['current_time'] = $p->track ? min((float) $input['currentTime'], $p->track->duration) : 0;
            }

            return $values;
        });
    }

    /** POST /api/players/{player}/random and /repeat: the flags. */
    public function toggleRandom(Request $request, int $player)
    {
        return $this->change($request, $player, fn (Player $p) => ['is_random' => ! $p->is_random]);
    }

    public function toggleRepeat(Request $request, int $player)
    {
        return $this->change($request, $player, fn (Player $p) => ['is_repeat' => ! $p->is_repeat]);
    }

    /**
     * POST /api/players/{player}/playable/channel/{channel} (start track: `track`, in the query or the
     * body): plays the channel from that track, or from its first; 404 for a channel that does not exist.
     */
    public function playChannel(Request $request, int $player, int $channel)
    {
        // The query's start track wins over the body's.
        $input = Validator::make(
            ['track' => $request->query('track', $request->input('track'))],
            ['track' => ['nullable', 'integer', 'min:1']],
            $this->fieldMessages('track', self::MESSAGES['track']),
        )->validate();

        return $this->change($request, $player, function (Player $p) use ($request, $channel, $input) {
            $found = Channel::query()->findOrFail($channel);
            $ids = $found->trackIds();
            $track = isset($input['track']) ? (int) $input['track'] : ($ids[0] ?? null);
            if (isset($input['track']) && ! in_array($track, $ids, true)) {
                throw ValidationException::withMessages(['track' => self::MESSAGES['trackNotInPlayable']]);
            }
            $playing = $track !== null;

            return [
                'playable_type' => Channel::MORPH,
                'playable_id' => $found->id,
                'track_id' => $track,
                'current_time' => 0,
                'is_playing' => $playing,
                'session_id' => $playing ? $this->ownerAfterPlay($request, $p) : $p->session_id,
            ];
        });
    }

    /**
     * POST /api/players/{player}/sessions/{sessionId} {currentTime}: the music moves to that device
     * login of the shop, from there; 404 for one that is not logged in.
     */
    public function moveOutput(Request $request, int $player, string $sessionId)
    {
        $input = $request->validate(
            ['currentTime' => ['required', 'numeric', 'min:0', 'max:86400']],
            $this->fieldMessages('currentTime', self::MESSAGES['time']),
        );

        return $this->change($request, $player, function (Player $p) use ($input, $sessionId) {
            abort_unless($this->loggedIn($sessionId, $p->customer_id), 404);

            return [
                'session_id' => $sessionId,
                'current_time' => $p->track ? min((float) $input['currentTime'], $p->track->duration) : 0,
            ];
        });
    }

    /**
     * Changes the caller's shop's player `$id` (404 for another shop's) with what `$changes` returns
     * for it, and answers the player. The server runs several workers: one change at a time, so two
     * devices pressing at once each act on what the other left.
     */
    private function change(Request $request, int $id, callable $changes)
    {
        $lock = fopen(storage_path('framework/player.lock'), 'c');
        flock($lock, LOCK_EX);
        try {
            $player = Player::query()->where('customer_id', $request->user()->customer_id)->findOrFail($id);
            $values = $changes($player);
            if ($values) {
                $player->update($values);
            }

            return response()->json($player->fresh());
        } finally {
            flock($lock, LOCK_UN);
            fclose($lock);
        }
    }

    /** @return int[] the tracks of what the player plays, in order */
    private function trackIds(Player $player): array
    {
        return $player->playable_type === Channel::MORPH ? ($player->channel?->trackIds() ?? []) : [];
    }

    /** Who outputs the music once the caller starts it: whoever holds it while logged in, else the caller. */
    private function ownerAfterPlay(Request $request, Player $player): ?string
    {
        $holder = $player->session_id;
        if ($holder !== null && $this->loggedIn($holder, $player->customer_id)) {
            return $holder;
        }

        return $request->session()->getId();
    }

    /** Whether a session id is a live login of the shop: its session exists, unexpired, with a user of it. */
    private function loggedIn(string $sessionId, int $customerId): bool
    {
        $raw = app('session')->driver()->getHandler()->read($sessionId);
        $data = $raw === '' ? false : @unserialize($raw);
        $userId = is_array($data) ? ($data[Auth::guard('web')->getName()] ?? null) : null;

        return $userId !== null && User::query()->whereKey($userId)->where('customer_id', $customerId)->exists();
    }

    /** The same text for every rule of a field. */
    private function fieldMessages(string $field, string $text): array
    {
        $messages = [];
        foreach (['required', 'required_without', 'numeric', 'integer', 'min', 'max'] as $rule) {
            $messages["$field.$rule"] = $text;
        }

        return $messages;
    }
}
