/* A class written whole in a header of the project's: its override is
   lowered though the file that includes it never names it
   (cpp/virtual_calls.cpp). */
#ifndef VIRTUAL_CALLS_H
#define VIRTUAL_CALLS_H

struct Sink {
    virtual ~Sink() = default;
    virtual void put(float *p) = 0;
};

struct HostSink : Sink {
    void put(float *p) override { p[0] = 0; }
};

#endif
