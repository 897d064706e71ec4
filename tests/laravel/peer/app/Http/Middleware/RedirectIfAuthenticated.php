<?php

namespace App\Http\Middleware;

use Closure;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;

/**
 * The 'guest' middleware of a Laravel 8 skeleton: a logged-in user who posts the login again is
 * sent away with a 302, JSON request or not (the bundled API does the same, to '/').
 */
class RedirectIfAuthenticated
{
    public function handle(Request $request, Closure $next)
    {
        if (Auth::check()) {
            return redirect('/');
        }

        return $next($request);
    }
}
