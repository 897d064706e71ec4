<?php

return [
    'failed' => 'Hibás e-mail cím vagy jelszó.',
];
