<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class AccountController
{
    /** GET /api/me: the user and the id of this device's session (the web app's session_id). */
    public function me(Request $request)
    {
        $user = $request->user();

        return response()->json([
            'id' => $user->id,
            'name' => $user->name,
            'email' => $user->email,
            'customer_id' => $user->customer_id,
            'session_id' => $request->session()->getId(),
        ]);
    }

    /** GET /api/customer: the user's shop; its logo setting is there, without an image. */
    public function customer(Request $request)
    {
        $customer = $request->user()->customer;

        return response()->json([
            'id' => $customer->id,
            'name' => $customer->name,
            'slug' => $customer->slug,
            'settings' => [
                ['id' => 1, 'key' => 'logo', 'value' => null, 'url' => null],
            ],
        ]);
    }
}
