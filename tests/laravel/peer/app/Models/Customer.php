<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

/** A shop (the tenant). */
class Customer extends Model
{
    public $timestamps = false;

    protected $guarded = [];
}
