//! `json!`: serde_json's macro of the same name, for the shapes this crate writes
//! (objects with literal keys, arrays, `null`, any expression of a type below),
//! without its `to_value(..).unwrap()`. That unwrap made every scheme carry a panic
//! path that prints serde_json's error with `Debug`, and with it the Unicode tables of
//! `char::escape_debug`: about 8 KB of the badge's wasm, for a panic that cannot
//! happen. Values are made by `JsonValue` (serde_json's `From` conversions), not by
//! serde's `Serialize` into a `Value`: that serializer and each type's `Serialize`
//! were 6 KB more of the badge's wasm (issue 35).

use serde_json::{Map, Number, Value};

/// A value as JSON, as serde_json's `to_value` makes it (a float that is not finite
/// is `null`).
pub(crate) trait JsonValue {
    fn json_value(&self) -> Value;
}

pub(crate) fn to_json<T: JsonValue + ?Sized>(v: &T) -> Value {
    v.json_value()
}

impl JsonValue for Value {
    fn json_value(&self) -> Value {
        self.clone()
    }
}

impl JsonValue for Map<String, Value> {
    fn json_value(&self) -> Value {
        Value::Object(self.clone())
    }
}

impl JsonValue for Number {
    fn json_value(&self) -> Value {
        Value::Number(self.clone())
    }
}

impl JsonValue for str {
    fn json_value(&self) -> Value {
        Value::String(self.to_owned())
    }
}

impl JsonValue for String {
    fn json_value(&self) -> Value {
        Value::String(self.clone())
    }
}

macro_rules! json_value_from {
    ($($t:ty),*) => {$(
        impl JsonValue for $t {
            fn json_value(&self) -> Value {
                Value::from(*self)
            }
        }
    )*};
}
json_value_from!(bool, u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);

impl<T: JsonValue + ?Sized> JsonValue for &T {
    fn json_value(&self) -> Value {
        (**self).json_value()
    }
}

impl<T: JsonValue> JsonValue for [T] {
    fn json_value(&self) -> Value {
        Value::Array(self.iter().map(JsonValue::json_value).collect())
    }
}

impl<T: JsonValue, const N: usize> JsonValue for [T; N] {
    fn json_value(&self) -> Value {
        self[..].json_value()
    }
}

impl<T: JsonValue> JsonValue for Vec<T> {
    fn json_value(&self) -> Value {
        self[..].json_value()
    }
}

impl<T: JsonValue> JsonValue for Option<T> {
    fn json_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, JsonValue::json_value)
    }
}

macro_rules! json {
    (null) => {
        ::serde_json::Value::Null
    };
    ([ $($tt:tt)* ]) => {
        ::serde_json::Value::Array(json_items!([] $($tt)*))
    };
    ({ $($tt:tt)* }) => {{
        #[allow(unused_mut)]
        let mut map = ::serde_json::Map::new();
        json_fields!(map; $($tt)*);
        ::serde_json::Value::Object(map)
    }};
    ($e:expr) => {
        $crate::json::to_json(&$e)
    };
}

macro_rules! json_fields {
    ($m:ident;) => {};
    ($m:ident; $k:literal : null $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), ::serde_json::Value::Null);
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : { $($v:tt)* } $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!({ $($v)* }));
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : [ $($v:tt)* ] $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!([ $($v)* ]));
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : $v:expr $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!($v));
        $(json_fields!($m; $($rest)*);)?
    };
}

/// The items of an array, gathered into one `vec![…]`.
macro_rules! json_items {
    ([$($done:expr),*]) => {
        ::std::vec![$($done),*]
    };
    ([$($done:expr),*] null $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* ::serde_json::Value::Null] $($($rest)*)?)
    };
    ([$($done:expr),*] { $($x:tt)* } $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!({ $($x)* })] $($($rest)*)?)
    };
    ([$($done:expr),*] [ $($x:tt)* ] $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!([ $($x)* ])] $($($rest)*)?)
    };
    ([$($done:expr),*] $x:expr $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!($x)] $($($rest)*)?)
    };
}

#[cfg(test)]
mod tests {
    /// The same values as serde_json's own macro, shape by shape.
    #[test]
    fn same_values_as_serde_json() {
        let (n, s, found) = (7u64, "x", true);
        let v = vec![1u8, 2];
        assert_eq!(json!(null), serde_json::json!(null));
        assert_eq!(json!(n), serde_json::json!(n));
        assert_eq!(json!(v[..1]), serde_json::json!(v[..1]));
        assert_eq!(json!([]), serde_json::json!([]));
        assert_eq!(
            json!([n, s, null, [1, 2], {"a": 1}]),
            serde_json::json!([n, s, null, [1, 2], {"a": 1}])
        );
        assert_eq!(
            json!({"a": n, "b": {"c": [s, 1.5], "d": null}, "e": if found { json!(n) } else { json!(null) }, "f": v,}),
            serde_json::json!({"a": n, "b": {"c": [s, 1.5], "d": null}, "e": if found { serde_json::json!(n) } else { serde_json::json!(null) }, "f": v,})
        );
        assert_eq!(json!({}), serde_json::json!({}));
        let (nan, big, none, some) = (f64::NAN, u64::MAX, None::<u32>, Some("y"));
        let words = vec![String::from("a"), String::new()];
        let nested: [Vec<Option<i64>>; 2] = [vec![Some(-3), None], vec![]];
        assert_eq!(
            json!([
                nan,
                f64::INFINITY,
                0.1f32,
                big,
                none,
                some,
                words,
                nested,
                -0.0
            ]),
            serde_json::json!([
                nan,
                f64::INFINITY,
                0.1f32,
                big,
                none,
                some,
                words,
                nested,
                -0.0
            ])
        );
        let (m, v) = (serde_json::Map::new(), serde_json::json!({"k": [1, "x"]}));
        assert_eq!(
            json!({"m": m, "v": v, "b": false, "z": 0usize}),
            serde_json::json!({"m": {}, "v": {"k": [1, "x"]}, "b": false, "z": 0})
        );
    }
}
