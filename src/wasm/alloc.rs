//! The badge's allocator (feature `widget`, wasm32 only): blocks of a power-of-two
//! size, one free list per size, fed by a bump pointer over pages from `memory.grow`.
//!
//! Why not the standard allocator (dlmalloc): in the badge's wasm it is 7 KB of code
//! (malloc, free, dispose_chunk), about 2.5 KB of `widget.js` once packed, against
//! a budget of 100 KB for the whole badge (issue 35). This one is a few hundred bytes.
//! What it gives up: freed blocks are never merged or split, so a block serves only
//! requests of its own size class, and a request is rounded up to a power of two (at
//! most twice the memory asked for). The badge verifies one record at a time and walks
//! chains with fixed buffers, so its requests repeat the same few sizes and the free
//! lists serve them again; a test drives it through growth, reuse and realloc.
//!
//! The only `unsafe` code of the crate (the lib is `deny(unsafe_code)`, allowed here
//! alone): the free list's next pointer is written into the freed block itself, and
//! `GlobalAlloc` is an unsafe trait. wasm32 without threads has one thread, so the
//! state needs no lock.
#![allow(unsafe_code)]

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// A wasm page (the unit of `memory.grow`).
const PAGE: usize = 65536;
/// The smallest block: room for the free list's pointer.
const MIN_SHIFT: u32 = 3;
/// Size classes 2^3 ..= 2^31: every size a wasm32 allocation can have.
const CLASSES: usize = 29;

struct State {
    /// The head of each class's free list (a freed block holds the next one's address).
    free: [usize; CLASSES],
    /// The bump pointer and the end of the memory it may use.
    next: usize,
    end: usize,
}

pub struct SizeClasses(UnsafeCell<State>);

// SAFETY: wasm32 without the threads proposal runs one thread; nothing else touches it.
unsafe impl Sync for SizeClasses {}

impl SizeClasses {
    pub const fn new() -> Self {
        SizeClasses(UnsafeCell::new(State {
            free: [0; CLASSES],
            next: 0,
            end: 0,
        }))
    }
}

/// The class of a layout: the smallest power of two holding its size and alignment.
fn class(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(1 << MIN_SHIFT);
    let shift = size.checked_next_power_of_two()?.trailing_zeros();
    let c = (shift - MIN_SHIFT) as usize;
    (c < CLASSES).then_some(c)
}

impl State {
    /// A fresh block of `size` bytes (a power of two) from the bump pointer, aligned
    /// to its size up to a page (no layout asks for more than a page's alignment).
    fn bump(&mut self, size: usize) -> usize {
        let align = size.min(PAGE);
        loop {
            let Some(stop) = self
                .next
                .checked_add(align - 1)
                .and_then(|x| (x & !(align - 1)).checked_add(size))
            else {
                return 0;
            };
            if self.end != 0 && stop <= self.end {
                self.next = stop;
                return stop - size;
            }
            let short = if self.end == 0 { size } else { stop - self.end };
            let pages = short.div_ceil(PAGE);
            let got = core::arch::wasm32::memory_grow(0, pages);
            let Some((base, end)) = (got != usize::MAX)
                .then(|| got.checked_mul(PAGE))
                .flatten()
                .and_then(|base| Some((base, base.checked_add(pages.checked_mul(PAGE)?)?)))
            else {
                return 0;
            };
            if base != self.end {
                // The first call (or memory grown by someone else): start at the new
                // pages; what lay before them is left alone.
                self.next = base;
            }
            self.end = end;
        }
    }
}

unsafe impl GlobalAlloc for SizeClasses {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(c) = class(layout) else {
            return null_mut();
        };
        // SAFETY: one thread (see `Sync`), and no call re-enters the allocator.
        let s = unsafe { &mut *self.0.get() };
        let head = s.free[c];
        if head != 0 {
            // SAFETY: `head` is a freed block of this class, whose first word holds
            // the next free block's address (written by `dealloc`).
            s.free[c] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        s.bump(1 << (c as u32 + MIN_SHIFT)) as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(c) = class(layout) else {
            return;
        };
        // SAFETY: as in `alloc`; `ptr` was given by `alloc` for this layout's class,
        // so it is at least 8 bytes long and aligned for a usize.
        let s = unsafe { &mut *self.0.get() };
        unsafe { *(ptr as *mut usize) = s.free[c] };
        s.free[c] = ptr as usize;
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract (`GlobalAlloc::realloc`): same alignment, and
        // a size that forms a valid layout.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let to_class = class(new);
        if to_class.is_some() && to_class == class(layout) {
            return ptr;
        }
        // SAFETY: as `GlobalAlloc::realloc`'s default: a new block, the old bytes
        // copied, the old block freed.
        unsafe {
            let to = self.alloc(new);
            if !to.is_null() {
                core::ptr::copy_nonoverlapping(ptr, to, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            to
        }
    }
}
