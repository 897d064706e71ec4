<?php

/*
| The framework is Debian's php-laravel-framework package, not a Composer install: its autoloader
| (pkg-php-tools) brings in every Illuminate component and what they need (Symfony, Carbon,
| Monolog, Dotenv). Our own two namespaces get a PSR-4 loader of a few lines, so the peer has
| no vendor/ folder and nothing to install beyond the Debian packages.
*/

require_once '/usr/share/php/Illuminate/autoload.php';

spl_autoload_register(static function (string $class): void {
    foreach (['App\\' => 'app', 'Database\\Seeders\\' => 'database/seeders'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = dirname(__DIR__).'/'.$dir.'/'.str_replace('\\', '/', substr($class, strlen($prefix))).'.php';
            if (is_file($file)) {
                require $file;
            }

            return;
        }
    }
});

$app = new Illuminate\Foundation\Application(dirname(__DIR__));

$app->singleton(Illuminate\Contracts\Http\Kernel::class, App\Http\Kernel::class);
// database/install.php boots through the console kernel to make the database.
$app->singleton(Illuminate\Contracts\Console\Kernel::class, Illuminate\Foundation\Console\Kernel::class);
$app->singleton(Illuminate\Contracts\Debug\ExceptionHandler::class, App\Exceptions\Handler::class);

return $app;
