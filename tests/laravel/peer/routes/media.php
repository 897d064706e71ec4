<?php

use App\Http\Controllers\MediaController;
use Illuminate\Support\Facades\Route;

/*
| The media the API's signed URLs point at: no session, no CSRF, no CORS, only the signature.
*/

Route::get('/media/tracks/{track}', [MediaController::class, 'track'])->whereNumber('track')->middleware('signed')->name('media.track');
