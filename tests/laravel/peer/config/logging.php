<?php

return [
    'default' => 'file',

    // Laravel 8 raises PHP 8.2 deprecations of its own; they would fill the log with noise.
    'deprecations' => 'null',

    'channels' => [
        'file' => ['driver' => 'single', 'path' => storage_path('logs/laravel.log'), 'level' => 'debug'],
        'null' => ['driver' => 'monolog', 'handler' => Monolog\Handler\NullHandler::class],
    ],
];
