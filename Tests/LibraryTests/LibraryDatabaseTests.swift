import Library
import Testing
