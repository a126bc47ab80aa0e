// Tests of MasonrySupport's plumbing, one file per source file it mirrors.
