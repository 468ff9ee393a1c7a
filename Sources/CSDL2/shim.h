#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_opengl.h>   /* GL types, constants and PFNGL…PROC types; functions come from SDL_GL_GetProcAddress */
#include <fontconfig/fontconfig.h>
#endif
