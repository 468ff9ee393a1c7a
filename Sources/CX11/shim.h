#ifndef CX11_SHIM_H
#define CX11_SHIM_H
/* Xlib's resource manager, for the X server's Xft.dpi (X11Scale.swift only: Xlib's names, such
   as Window and Cursor, stay out of the files that import CSDL2). */
#include <X11/Xlib.h>
#include <X11/Xresource.h>
#endif
