<?php

// The router of `php -S`: every request goes through Laravel, there are no static files to serve.
define('LARAVEL_START', microtime(true));

$app = require __DIR__.'/../bootstrap/app.php';

$kernel = $app->make(Illuminate\Contracts\Http\Kernel::class);
$response = $kernel->handle($request = Illuminate\Http\Request::capture())->send();
$kernel->terminate($request, $response);
