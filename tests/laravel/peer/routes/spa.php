<?php

use App\Http\Controllers\AccountController;
use App\Http\Controllers\ChannelController;
use App\Http\Controllers\CsrfCookieController;
use App\Http\Controllers\LoginController;
use App\Http\Controllers\PlayerController;
use Illuminate\Support\Facades\Route;

/*
| The calls the web app's Laravel suite makes. Every other path answers Laravel's 404, which is
| how the web app learns that this API serves only part of the tenant API.
*/

Route::get('/sanctum/csrf-cookie', CsrfCookieController::class);

Route::post('/login', [LoginController::class, 'login'])->middleware('guest')->name('login');

Route::middleware('auth')->prefix('api')->group(function () {
    Route::post('/logout', [LoginController::class, 'logout']);
    Route::get('/me', [AccountController::class, 'me']);
    Route::get('/customer', [AccountController::class, 'customer']);
    Route::get('/channels', [ChannelController::class, 'index']);
    Route::get('/channels/{channel}/tracks/{page}', [ChannelController::class, 'tracks'])->whereNumber(['channel', 'page']);
    Route::get('/players', [PlayerController::class, 'index']);
    Route::prefix('/players/{player}')->where(['player' => '[0-9]+'])->group(function () {
        Route::get('/toggle-play', [PlayerController::class, 'togglePlay']);
        Route::get('/next', [PlayerController::class, 'next']);
        Route::get('/next/tracks/{track}', [PlayerController::class, 'jumpToTrack'])->whereNumber('track');
        Route::get('/load-track', [PlayerController::class, 'loadTrack']);
        Route::post('/update-volume', [PlayerController::class, 'updateVolume']);
        Route::post('/random', [PlayerController::class, 'toggleRandom']);
        Route::post('/repeat', [PlayerController::class, 'toggleRepeat']);
        Route::post('/playable/channel/{channel}', [PlayerController::class, 'playChannel'])->whereNumber('channel');
        Route::post('/sessions/{sessionId}', [PlayerController::class, 'moveOutput'])->where('sessionId', '[A-Za-z0-9]{40}');
    });
});
