<?php

namespace App\Http\Middleware;

use Closure;
use Illuminate\Http\Request;

/** The header the web app watches to offer a reload when the API changes (SPEC's version check). */
class AppVersion
{
    public function handle(Request $request, Closure $next)
    {
        $response = $next($request);
        $response->headers->set('x-app-version', (string) config('app.version'));

        return $response;
    }
}
