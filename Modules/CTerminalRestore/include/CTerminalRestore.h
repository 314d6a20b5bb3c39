#ifndef SPINDLE_CTERMINALRESTORE_H
#define SPINDLE_CTERMINALRESTORE_H
int spindle_restore_placeholder(void);
#endif
