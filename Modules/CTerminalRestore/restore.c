int spindle_restore_placeholder(void) { return 0; }
