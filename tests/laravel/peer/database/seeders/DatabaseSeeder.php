<?php

namespace Database\Seeders;

use App\Models\Channel;
use App\Models\Customer;
use App\Models\Player;
use App\Models\User;
use Illuminate\Database\Seeder;
use Illuminate\Support\Facades\Hash;

/** The demo shop and its login, the same as the bundled API seeds (README: demo@pulzus.hu). */
class DatabaseSeeder extends Seeder
{
    public function run()
    {
        $shop = Customer::create(['name' => 'Demo Bolt', 'slug' => 'demo']);
        User::create([
            'customer_id' => $shop->id,
            'name' => 'Demo Felhasználó',
            'email' => 'demo@pulzus.hu',
            'password' => Hash::make('pulzus-demo'),
        ]);
        Player::create(['customer_id' => $shop->id]);

        $channels = [
            ['Nyitás', 'Friss, könnyű dalok az első vásárlókhoz.', 18, 4210, true],
            ['Hétvégi forgalom', 'Lendületes pop a legzsúfoltabb órákra.', 32, 7385, false],
            ['Csendes délelőtt', 'Halk zongora és gitár a nyugodt órákra.', 15, 3940, false],
            ['Zárás előtt', 'Lassuló tempó az utolsó fél órára.', 12, 2875, true],
        ];
        foreach ($channels as $i => [$name, $description, $tracks, $seconds, $featured]) {
            Channel::create([
                'name' => $name,
                'description' => $description,
                'tracks_count' => $tracks,
                'duration' => $seconds,
                'is_featured' => $featured,
                'created_at' => now()->subDays(30 - $i),
            ]);
        }
    }
}
