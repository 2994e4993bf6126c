// A process that ends at once: its pid is then free, like that of a crashed server.
process.exitCode = 0;
