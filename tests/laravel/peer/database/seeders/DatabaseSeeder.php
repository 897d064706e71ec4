<?php

namespace Database\Seeders;

use App\Models\Channel;
use App\Models\Customer;
use App\Models\Player;
use App\Models\Track;
use App\Models\User;
use Illuminate\Database\Seeder;
use Illuminate\Support\Facades\Hash;
use RuntimeException;

/**
 * The demo shop and its login, the same as the bundled API seeds (README: demo@pulzus.hu); another
 * shop with its own player; the channels and their tracks. The tracks are the project's demo media
 * (server/assets, named by LARAVEL_PEER_ASSETS): their files are copied to storage/app/tracks/, with
 * the titles, artists and true durations the assets' manifest gives.
 */
class DatabaseSeeder extends Seeder
{
    /** Each channel's tracks in order, by file name. */
    private const CHANNELS = [
        ['Nyitás', 'Friss, könnyű dalok az első vásárlókhoz.', true,
            ['reggeli-kave.mp3', 'napfenyes-terasz.mp3', 'hegyi-osveny.mp3', 'lassu-vasarnap.mp3']],
        ['Hétvégi forgalom', 'Lendületes pop a legzsúfoltabb órákra.', false,
            ['butik-groove.mp3', 'pentek-este.mp3', 'piaci-forgatag.mp3', 'soul-konyha.mp3']],
        ['Csendes délelőtt', 'Halk zongora és gitár a nyugodt órákra.', false,
            ['hajnali-kod.mp3', 'csendes-kikoto.mp3', 'tisztas.mp3']],
        ['Zárás előtt', 'Lassuló tempó az utolsó fél órára.', true,
            ['esti-lampafeny.mp3', 'kavehaz-sarok.mp3', 'lassu-vasarnap.mp3']],
    ];

    public function run()
    {
        $shop = Customer::create(['name' => 'Demo Bolt', 'slug' => 'demo']);
        User::create([
            'customer_id' => $shop->id,
            'name' => 'Demo Felhasználó',
            'email' => 'demo@pulzus.hu',
            'password' => Hash::make('pulzus-demo'),
        ]);
        $player = Player::create(['customer_id' => $shop->id]);

        // Another shop: its player is not the demo shop's to see or change (404).
        $other = Customer::create(['name' => 'Másik Bolt', 'slug' => 'masik']);
        Player::create(['customer_id' => $other->id]);

        $tracks = $this->tracks();
        foreach (self::CHANNELS as $i => [$name, $description, $featured, $files]) {
            $list = array_map(fn ($file) => $tracks[$file], $files);
            $channel = Channel::create([
                'name' => $name,
                'description' => $description,
                'tracks_count' => count($list),
                'duration' => (int) round(array_sum(array_map(fn ($t) => $t->duration, $list))),
                'is_featured' => $featured,
                'created_at' => now()->subDays(30 - $i),
            ]);
            foreach ($list as $position => $track) {
                $channel->tracks()->attach($track->id, ['position' => $position + 1]);
            }
        }

        // The shop's player has the first channel loaded at its first track, paused, on no device yet.
        $first = Channel::query()->orderBy('id')->firstOrFail();
        $player->update([
            'playable_type' => Channel::MORPH,
            'playable_id' => $first->id,
            'track_id' => $first->trackIds()[0],
        ]);
    }

    /** @return array<string, Track> the tracks the channels name, keyed by file name */
    private function tracks(): array
    {
        $assets = rtrim((string) env('LARAVEL_PEER_ASSETS'), '/');
        $manifest = json_decode((string) @file_get_contents("$assets/manifest.json"), true);
        if (! is_array($manifest)) {
            throw new RuntimeException("no demo media manifest in '$assets' (LARAVEL_PEER_ASSETS names server/assets)");
        }
        $known = [];
        foreach ($manifest['tracks'] as $item) {
            $known[basename($item['file'])] = $item;
        }

        $dir = storage_path('app/tracks');
        @mkdir($dir, 0755, true);
        $tracks = [];
        foreach (array_unique(array_merge(...array_column(self::CHANNELS, 3))) as $file) {
            $item = $known[$file] ?? throw new RuntimeException("the demo media has no $file");
            if (! copy("$assets/{$item['file']}", "$dir/$file")) {
                throw new RuntimeException("could not copy $file");
            }
            $tracks[$file] = Track::create([
                'title' => $item['missing_title'] ? null : $item['title'],
                'artist' => $item['missing_artist'] ? null : $item['artist'],
                'file' => $file,
                'duration' => $item['duration'],
            ]);
        }

        return $tracks;
    }
}
