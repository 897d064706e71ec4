<?php

return [
    'defaults' => ['guard' => 'web', 'passwords' => 'users'],

    // Sanctum's SPA mode authenticates the cookie session through the 'web' session guard; the
    // guard's name is also in the remember cookie's name (remember_web_…).
    'guards' => [
        'web' => ['driver' => 'session', 'provider' => 'users'],
    ],

    'providers' => [
        'users' => ['driver' => 'eloquent', 'model' => App\Models\User::class],
    ],
];
