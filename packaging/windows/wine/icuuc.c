/*
 * icuuc.dll for the Wine prefixes of the Windows build and test ONLY (never
 * shipped, never installed on a station).
 *
 * Qt6Core.dll (Qt 6.10 and later) imports 20 ucnv_* functions from icuuc.dll,
 * the ICU that every Windows 10 and 11 carries in System32. Wine 8 has no
 * ICU, so without this file Qt6Core.dll does not load under Wine at all.
 * Qt uses these functions for one thing: text encodings other than the
 * UTF and Latin-1 codecs it has built in (QStringConverter by name). The
 * trainer reads and writes UTF-8 only, so none is called by it; here every
 * converter is "unknown" (ucnv_open fails, none is available), which is what
 * Qt reports for an encoding ICU does not have.
 *
 * Built by packaging/windows/wine.sh with x86_64-w64-mingw32-gcc into
 * C:\windows\system32 of the prefix, where Windows has its own.
 */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __declspec(dllexport)
typedef int UErrorCode;
typedef uint16_t UChar;
#define U_ILLEGAL_ARGUMENT_ERROR 1
#define U_FILE_ACCESS_ERROR 4

static void fail(UErrorCode *err, UErrorCode code)
{
    if (err != NULL && *err <= 0)
        *err = code;
}

EXPORT void *ucnv_open(const char *name, UErrorCode *err)
{
    (void)name;
    fail(err, U_FILE_ACCESS_ERROR);
    return NULL;
}
EXPORT void ucnv_close(void *cnv) { (void)cnv; }
EXPORT void ucnv_reset(void *cnv) { (void)cnv; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err)
{
    (void)name; (void)standard;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
    return NULL;
}
/* The rest take a converter, which ucnv_open never gives: they only report an error. */
EXPORT int8_t ucnv_getMaxCharSize(const void *cnv) { (void)cnv; return 1; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *err)
{
    (void)cnv;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
    return NULL;
}
EXPORT void ucnv_getToUCallBack(const void *cnv, void **action, const void **context)
{
    (void)cnv;
    if (action) *action = NULL;
    if (context) *context = NULL;
}
EXPORT void ucnv_getFromUCallBack(const void *cnv, void **action, const void **context)
{
    ucnv_getToUCallBack(cnv, action, context);
}
EXPORT void ucnv_setToUCallBack(void *cnv, void *action, const void *context, void **old_action,
                                const void **old_context, UErrorCode *err)
{
    (void)cnv; (void)action; (void)context; (void)old_action; (void)old_context;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_setFromUCallBack(void *cnv, void *action, const void *context,
                                  void **old_action, const void **old_context, UErrorCode *err)
{
    ucnv_setToUCallBack(cnv, action, context, old_action, old_context, err);
}
EXPORT void ucnv_toUnicode(void *cnv, UChar **target, const UChar *target_limit,
                           const char **source, const char *source_limit, int32_t *offsets,
                           int8_t flush, UErrorCode *err)
{
    (void)cnv; (void)target; (void)target_limit; (void)source; (void)source_limit;
    (void)offsets; (void)flush;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_fromUnicode(void *cnv, char **target, const char *target_limit,
                             const UChar **source, const UChar *source_limit, int32_t *offsets,
                             int8_t flush, UErrorCode *err)
{
    (void)cnv; (void)target; (void)target_limit; (void)source; (void)source_limit;
    (void)offsets; (void)flush;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT int32_t ucnv_toUCountPending(const void *cnv, UErrorCode *err)
{
    (void)cnv;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
    return 0;
}
EXPORT int32_t ucnv_fromUCountPending(const void *cnv, UErrorCode *err)
{
    return ucnv_toUCountPending(cnv, err);
}
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *source, int32_t length,
                                  int32_t offset_index, UErrorCode *err)
{
    (void)args; (void)source; (void)length; (void)offset_index;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **source, const UChar *source_limit,
                                    int32_t offset_index, UErrorCode *err)
{
    (void)args; (void)source; (void)source_limit; (void)offset_index;
    fail(err, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const UChar *units,
                                            int32_t length, int32_t code_point, int reason,
                                            UErrorCode *err)
{
    (void)context; (void)args; (void)units; (void)length; (void)code_point; (void)reason;
    (void)err;
}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const char *units,
                                          int32_t length, int reason, UErrorCode *err)
{
    (void)context; (void)args; (void)units; (void)length; (void)reason; (void)err;
}
