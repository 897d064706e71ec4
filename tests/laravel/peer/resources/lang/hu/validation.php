<?php

// The rules of the login form; the texts are the ones the web app shows under its fields.
return [
    'required' => 'A(z) :attribute mező kitöltése kötelező.',
    'string' => 'A(z) :attribute mezőnek szövegnek kell lennie.',
    'email' => 'A(z) :attribute mezőnek érvényes e-mail címnek kell lennie.',

    'attributes' => [
        'email' => 'e-mail cím',
        'password' => 'jelszó',
    ],
];
