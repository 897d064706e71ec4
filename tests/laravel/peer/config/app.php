<?php

return [
    // Laravel names the session cookie after the app: 'Laravel' gives the stock laravel_session.
    'name' => 'Laravel',
    'env' => env('APP_ENV', 'production'),
    // Off: error bodies are the production ones, {"message": …} without a trace.
    'debug' => (bool) env('APP_DEBUG', false),
    'url' => env('APP_URL', 'http://127.0.0.1'),
    'timezone' => 'Europe/Budapest',
    'locale' => 'hu',
    'fallback_locale' => 'hu',
    // start.sh writes a fresh one into .env for every copy of the peer.
    'key' => env('APP_KEY'),
    'cipher' => 'AES-256-CBC',
    // Sent as x-app-version on every answer, as the tenant API does (App\Http\Middleware\AppVersion).
    'version' => env('APP_VERSION', '1.0.0'),

    'providers' => [
        Illuminate\Auth\AuthServiceProvider::class,
        Illuminate\Cache\CacheServiceProvider::class,
        Illuminate\Cookie\CookieServiceProvider::class,
        Illuminate\Database\DatabaseServiceProvider::class,
        Illuminate\Encryption\EncryptionServiceProvider::class,
        Illuminate\Filesystem\FilesystemServiceProvider::class,
        Illuminate\Foundation\Providers\FoundationServiceProvider::class,
        Illuminate\Hashing\HashServiceProvider::class,
        Illuminate\Pagination\PaginationServiceProvider::class,
        Illuminate\Pipeline\PipelineServiceProvider::class,
        Illuminate\Session\SessionServiceProvider::class,
        Illuminate\Translation\TranslationServiceProvider::class,
        Illuminate\Validation\ValidationServiceProvider::class,
        // Only for the framework's HTML error pages, which a request without Accept: application/json gets.
        Illuminate\View\ViewServiceProvider::class,
        App\Providers\RouteServiceProvider::class,
    ],

    'aliases' => [],
];
