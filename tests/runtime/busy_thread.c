/* busy_thread: a busy process whose work runs in a second thread while its main thread waits in
 * pthread_join (a thread pool's or a data loader's shape): /proc/PID/stat shows it asleep.
 * Runs until killed. For beside_busy.sh (BUSY_CMD). */
#include <pthread.h>
#include <stdio.h>

static void *spin(void *arg)
{
    volatile unsigned long *n = arg;
    for (;;) (*n)++;
    return NULL;
}

int main(void)
{
    static volatile unsigned long count;
    pthread_t t;
    if (pthread_create(&t, NULL, spin, (void *)&count) != 0) {
        fprintf(stderr, "busy_thread: pthread_create failed\n");
        return 1;
    }
    pthread_join(t, NULL);
    return 0;
}
