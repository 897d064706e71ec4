<?php

namespace App\Providers;

use Illuminate\Foundation\Support\Providers\RouteServiceProvider as ServiceProvider;
use Illuminate\Support\Facades\Route;

class RouteServiceProvider extends ServiceProvider
{
    public function boot()
    {
        // The login at the root and the API under /api share the SPA session; the media do without it.
        $this->routes(function () {
            Route::middleware('spa')->group(base_path('routes/spa.php'));
            Route::group([], base_path('routes/media.php'));
        });
    }
}
