//! Knuth's DLX input format (placeholder: being written).
