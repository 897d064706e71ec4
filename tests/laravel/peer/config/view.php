<?php

return [
    'paths' => [],
    'compiled' => storage_path('framework/views'),
];
