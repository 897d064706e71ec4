<?php

use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

/*
| What the peer serves: shops, their managers and players, the channel catalogue and its tracks. A fresh
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
        // The device login (session id) whose browser outputs the music; null: none yet.
        $table->string('session_id')->nullable();
        // What it plays: a channel (the morph class, as Laravel stores it) and the track in it.
        $table->string('playable_type')->nullable();
        $table->unsignedBigInteger('playable_id')->nullable();
        $table->unsignedBigInteger('track_id')->nullable();
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

    // An audio file in storage/app/tracks/ (`file`); `duration` in seconds, read from its MP3 frames.
    Schema::create('tracks', function (Blueprint $table) {
        $table->id();
        $table->string('title')->nullable();
        $table->string('artist')->nullable();
        $table->string('file');
        $table->float('duration');
    });

    // A channel's tracks in their order.
    Schema::create('channel_track', function (Blueprint $table) {
        $table->foreignId('channel_id')->constrained();
        $table->foreignId('track_id')->constrained();
        $table->unsignedInteger('position');
        $table->primary(['channel_id', 'track_id']);
    });
};
