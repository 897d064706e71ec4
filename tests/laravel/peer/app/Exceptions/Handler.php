<?php

namespace App\Exceptions;

use Illuminate\Auth\AuthenticationException;
use Illuminate\Foundation\Exceptions\Handler as ExceptionHandler;
use Illuminate\Validation\ValidationException;
use Symfony\Component\HttpFoundation\Response;
use Throwable;

/**
 * Laravel 8's own error answers, with their shapes untouched: 401 and 419 {"message"}, 422
 * {"message", "errors"}, 404 {"message"}. Only the texts differ: the framework writes them in
 * English whatever the locale, a Hungarian shop's API translates them (resources/lang/hu.json),
 * into the texts the bundled API answers with.
 */
class Handler extends ExceptionHandler
{
    protected $dontFlash = ['password'];

    protected function unauthenticated($request, AuthenticationException $exception)
    {
        return $this->shouldReturnJson($request, $exception)
            ? response()->json(['message' => __($exception->getMessage())], 401)
            : redirect()->guest(route('login'));
    }

    protected function invalidJson($request, ValidationException $exception)
    {
        return response()->json([
            'message' => __($exception->getMessage()),
            'errors' => $exception->errors(),
        ], $exception->status);
    }

    protected function convertExceptionToArray(Throwable $e)
    {
        $array = parent::convertExceptionToArray($e);
        if (! config('app.debug') && $this->isHttpException($e)) {
            // A missing route or record: Laravel 8 passes on an empty or model-naming message.
            $array['message'] = $e->getStatusCode() === 404
                ? __('Not Found')
                : __($e->getMessage() !== '' ? $e->getMessage() : Response::$statusTexts[$e->getStatusCode()] ?? 'Server Error');
        } elseif (! config('app.debug')) {
            $array['message'] = __('Server Error');
        }

        return $array;
    }
}
