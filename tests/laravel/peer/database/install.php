<?php

/*
| Makes the peer's SQLite database: the tables, then the demo shop. start.sh runs it once in a
| fresh copy (no artisan: the framework's console would want every service it has commands for).
*/

$app = require __DIR__.'/../bootstrap/app.php';
$app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();

(require __DIR__.'/schema.php')();
$app->make(Database\Seeders\DatabaseSeeder::class)->__invoke();
