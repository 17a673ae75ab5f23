#include "config.h"
#include "ui.h"
int ui_tour_main(const struct options *o) { (void)o; return 2; }
