<?php

// The framework asks for a cache store; the peer keeps nothing in one.
return [
    'default' => 'array',
    'stores' => ['array' => ['driver' => 'array', 'serialize' => false]],
    'prefix' => 'peer',
];
