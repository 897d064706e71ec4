<?php

namespace App\Models;

use Illuminate\Foundation\Auth\User as Authenticatable;

/** A shop's manager; remember_token is the column "remember me" needs. */
class User extends Authenticatable
{
    public $timestamps = false;

    protected $guarded = [];

    protected $hidden = ['password', 'remember_token'];

    public function customer()
    {
        return $this->belongsTo(Customer::class);
    }
}
