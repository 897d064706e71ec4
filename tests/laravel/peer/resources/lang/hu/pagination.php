<?php

// The labels of a paginator's links, as a Hungarian Laravel app has them.
return [
    'previous' => '&laquo; Előző',
    'next' => 'Következő &raquo;',
];
