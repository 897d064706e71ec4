<?php

return [
    // Files, one per session named by its id: the suite reads and deletes them to end sessions.
    'driver' => 'file',
    'files' => storage_path('framework/sessions'),
    // Minutes; Laravel's default, sliding with every request.
    'lifetime' => (int) env('SESSION_LIFETIME', 120),
    'expire_on_close' => false,
    'encrypt' => false,
    'lottery' => [2, 100],
    'cookie' => 'laravel_session',
    'path' => '/',
    'domain' => null,
    // Plain http on the loopback address.
    'secure' => false,
    'http_only' => true,
    'same_site' => 'lax',
];
