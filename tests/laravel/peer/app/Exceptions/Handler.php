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
        if (config('app.debug')) {
            return parent::convertExceptionToArray($e);
        }
        if (! $this->isHttpException($e)) {
            return ['message' => __('Server Error')];
        }
        // Laravel 8 passes on an empty message for a missing route, one naming the model for a
        // missing record: both are the same 404 to the client.
        $status = $e->getStatusCode();
        $message = $status === 404 ? 'Not Found' : ($e->getMessage() ?: Response::$statusTexts[$status] ?? 'Server Error');

        return ['message' => __($message)];
    }
}
