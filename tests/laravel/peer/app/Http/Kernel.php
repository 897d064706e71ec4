<?php

namespace App\Http;

use Illuminate\Foundation\Http\Kernel as HttpKernel;

class Kernel extends HttpKernel
{
    /** Every request, a route matched or not: a 404 carries the version header too. */
    protected $middleware = [
        Middleware\AppVersion::class,
        \Illuminate\Foundation\Http\Middleware\ValidatePostSize::class,
        Middleware\TrimStrings::class,
        \Illuminate\Foundation\Http\Middleware\ConvertEmptyStringsToNull::class,
    ];

    /**
     * 'spa' is what Sanctum's EnsureFrontendRequestsAreStateful puts in front of the API for a
     * first-party SPA: encrypted cookies, the session, the CSRF check. Sanctum is not packaged by
     * Debian, so the group is named here and every route is in it; unlike Sanctum it does not
     * look at Origin/Referer first (the web app sends Origin anyway).
     */
    protected $middlewareGroups = [
        'spa' => [
            \Illuminate\Cookie\Middleware\EncryptCookies::class,
            \Illuminate\Cookie\Middleware\AddQueuedCookiesToResponse::class,
            \Illuminate\Session\Middleware\StartSession::class,
            \Illuminate\Foundation\Http\Middleware\VerifyCsrfToken::class,
            \Illuminate\Routing\Middleware\SubstituteBindings::class,
        ],
    ];

    protected $routeMiddleware = [
        'auth' => \Illuminate\Auth\Middleware\Authenticate::class,
        'guest' => Middleware\RedirectIfAuthenticated::class,
        'signed' => \Illuminate\Routing\Middleware\ValidateSignature::class,
    ];
}
