<?php

namespace App\Http\Controllers;

use Illuminate\Http\Response;

/**
 * GET /sanctum/csrf-cookie: an empty 204, as Sanctum's own controller answers. The cookies are the
 * group's work: StartSession sets laravel_session, VerifyCsrfToken sets XSRF-TOKEN.
 */
class CsrfCookieController
{
    public function __invoke()
    {
        return new Response('', 204);
    }
}
