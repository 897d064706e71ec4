<?php

namespace App\Http\Middleware;

use Illuminate\Foundation\Http\Middleware\TrimStrings as Middleware;

/** As a Laravel app ships it: a password keeps its spaces. */
class TrimStrings extends Middleware
{
    protected $except = ['password'];
}
