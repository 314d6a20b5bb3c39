// spindle-probe: reads many media files' facts in one process, for the library's scan, where
// ffprobe would start once per file (84 ms a file, most of it the start).
//
// Standard input: paths, each ended by a NUL byte. Standard output: first the line
// "spindle-probe 1", then for each path one line of JSON, in ffprobe's shape for what the scan
// reads ({"format":{"duration":"12.000000","tags":{…}},"chapters":[…],"streams":[…]}), or
// {"error":"…"} with why the file cannot be read. It ends at the end of its input, or after
// IDLE_SECONDS without any.
//
// A hostile file is bounded four ways: each file has `--seconds` to be read (libavformat's
// interrupt callback), and twice that before SIGALRM ends the process whatever it is blocked in;
// the process's address space is limited to `--megabytes`; only the file protocol is allowed,
// so a playlist cannot make it open the network. The scan kills it (by pid) past its own
// deadline, and starts another for the files left.
#include <errno.h>
#include <poll.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <libavformat/avformat.h>
#include <libavutil/dict.h>

// Paths longer than this are answered with an error (PATH_MAX is 4096).
#define MAXIMUM_PATH 4096
// Seconds without a path before it quits.
#define IDLE_SECONDS 10

static struct timespec deadline;

static int past_deadline(void *unused) {
    (void)unused;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec);
}

// Writes `text` as a JSON string: quotes, backslashes and control characters escaped; other
// bytes as they are (the reader repairs what is not UTF-8).
static void put_string(const char *text) {
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') {
            putchar('\\');
            putchar(*c);
        } else if (*c < 0x20 || *c == 0x7f) {
            printf("\\u%04x", *c);
        } else {
            putchar(*c);
        }
    }
    putchar('"');
}

static void put_tags(const AVDictionary *tags) {
    fputs("{", stdout);
    const AVDictionaryEntry *entry = NULL;
    int first = 1;
    while ((entry = av_dict_get(tags, "", entry, AV_DICT_IGNORE_SUFFIX))) {
        if (!first) putchar(',');
        first = 0;
        put_string(entry->key);
        putchar(':');
        put_string(entry->value);
    }
    putchar('}');
}

static void put_error(int code) {
    char message[256];
    if (av_strerror(code, message, sizeof message) < 0) snprintf(message, sizeof message, "error %d", code);
    fputs("{\"error\":", stdout);
    put_string(message);
    fputs("}\n", stdout);
}

static void probe(const char *path, int seconds) {
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += seconds;
    // A read that blocks where the callback is not asked (a file system that stalls) ends the
    // helper at twice the time allowed: SIGALRM's default action.
    alarm((unsigned)seconds * 2);

    char url[MAXIMUM_PATH + 8];
    snprintf(url, sizeof url, "file:%s", path);
    AVFormatContext *context = avformat_alloc_context();
    if (!context) {
        put_error(AVERROR(ENOMEM));
        return;
    }
    context->interrupt_callback.callback = past_deadline;
    AVDictionary *options = NULL;
    av_dict_set(&options, "protocol_whitelist", "file", 0);
    int result = avformat_open_input(&context, url, NULL, &options);
    av_dict_free(&options);
    if (result < 0) {
        // avformat_open_input frees the context when it fails.
        if (past_deadline(NULL)) {
            printf("{\"error\":\"it could not be read within %d s\"}\n", seconds);
        } else {
            put_error(result);
        }
        return;
    }
    result = avformat_find_stream_info(context, NULL);
    if (result < 0 && past_deadline(NULL)) {
        printf("{\"error\":\"it could not be read within %d s\"}\n", seconds);
        avformat_close_input(&context);
        return;
    }

    fputs("{\"format\":{", stdout);
    if (context->duration != AV_NOPTS_VALUE) printf("\"duration\":\"%f\",", context->duration / (double)AV_TIME_BASE);
    fputs("\"tags\":", stdout);
    put_tags(context->metadata);
    fputs("},\"chapters\":[", stdout);
    for (unsigned index = 0; index < context->nb_chapters; index++) {
        const AVChapter *chapter = context->chapters[index];
        printf("%s{\"start_time\":\"%f\",\"tags\":", index ? "," : "", chapter->start * av_q2d(chapter->time_base));
        put_tags(chapter->metadata);
        putchar('}');
    }
    fputs("],\"streams\":[", stdout);
    for (unsigned index = 0; index < context->nb_streams; index++) {
        const AVStream *stream = context->streams[index];
        const char *type = av_get_media_type_string(stream->codecpar->codec_type);
        printf("%s{\"codec_type\":", index ? "," : "");
        put_string(type ? type : "unknown");
        printf(",\"disposition\":{\"attached_pic\":%d}}", (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) ? 1 : 0);
    }
    fputs("]}\n", stdout);
    avformat_close_input(&context);
}

int main(int argc, char **argv) {
    int seconds = 10;
    long megabytes = 1024;
    for (int index = 1; index + 1 < argc; index += 2) {
        if (strcmp(argv[index], "--seconds") == 0) seconds = atoi(argv[index + 1]);
        if (strcmp(argv[index], "--megabytes") == 0) megabytes = atol(argv[index + 1]);
    }
    if (seconds < 1) seconds = 1;
    struct rlimit memory = {(rlim_t)megabytes << 20, (rlim_t)megabytes << 20};
    setrlimit(RLIMIT_AS, &memory);
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    av_log_set_level(AV_LOG_QUIET);

    fputs("spindle-probe 1\n", stdout);
    fflush(stdout);
    char path[MAXIMUM_PATH + 1];
    size_t length = 0;
    int tooLong = 0;
    unsigned char input[4096];
    for (;;) {
        // Left idle, it quits: the scan starts another when it has files again.
        struct pollfd waiting = {.fd = 0, .events = POLLIN};
        int ready = poll(&waiting, 1, IDLE_SECONDS * 1000);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return 0;
        ssize_t count = read(0, input, sizeof input);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return 0;
        for (ssize_t index = 0; index < count; index++) {
            if (input[index] != 0) {
                if (length < MAXIMUM_PATH) {
                    path[length++] = (char)input[index];
                } else {
                    tooLong = 1;
                }
                continue;
            }
            path[length] = 0;
            if (tooLong || length == 0) {
                fputs(tooLong ? "{\"error\":\"the path is too long\"}\n" : "{\"error\":\"no path\"}\n", stdout);
            } else {
                probe(path, seconds);
                alarm(0);
            }
            fflush(stdout);
            length = 0;
            tooLong = 0;
        }
    }
}
