<?php

use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

/*
| What the peer serves: shops, their managers and players, and the channel catalogue. A fresh
| database every run, so there is nothing to migrate: database/install.php runs this once.
*/

return function () {
    Schema::create('customers', function (Blueprint $table) {
        $table->id();
        $table->string('name');
        $table->string('slug')->unique();
    });

    Schema::create('users', function (Blueprint $table) {
        $table->id();
        $table->foreignId('customer_id')->constrained();
        $table->string('name');
        $table->string('email')->unique();
        $table->string('password');
        $table->rememberToken();
    });

    Schema::create('players', function (Blueprint $table) {
        $table->id();
        $table->foreignId('customer_id')->constrained();
        $table->boolean('is_repeat')->default(false);
        $table->boolean('is_random')->default(false);
        $table->boolean('is_playing')->default(false);
        $table->float('current_time')->default(0);
        $table->unsignedTinyInteger('volume')->default(80);
    });

    Schema::create('channels', function (Blueprint $table) {
        $table->id();
        $table->string('name');
        $table->text('description')->nullable();
        $table->unsignedInteger('tracks_count');
        $table->unsignedInteger('duration');
        $table->boolean('is_featured')->default(false);
        $table->timestamp('created_at');
    });
};
