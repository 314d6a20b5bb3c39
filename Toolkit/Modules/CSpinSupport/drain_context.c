#include "CSpinSupport.h"

_Thread_local void *spin_drain_context = 0;
